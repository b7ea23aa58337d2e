import { useState } from 'react';
import { Alert, Button, Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { cardInputSchema, type CardInput, type Transaction } from '@app/contracts/payments';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { errorText } from '../../account-settings/error-text.ts';

type Field = 'nameOnCard' | 'cardNumber' | 'expMonth' | 'expYear' | 'cvc';
const FIELDS: Field[] = ['nameOnCard', 'cardNumber', 'expMonth', 'expYear', 'cvc'];

/**
 * The card typed into our own form (decision 0021: there is no hosted processor field to embed). The
 * number goes to our server once and is never kept there beyond its last four digits.
 */
export function CardForm({
  payLabel,
  disabled,
  onPay,
  onPaid,
}: {
  payLabel: string;
  disabled?: boolean;
  onPay: (card: CardInput) => Promise<Transaction>;
  onPaid: (receipt: Transaction) => Promise<void> | void;
}) {
  const { t } = useTranslation('payments');
  const [values, setValues] = useState<Record<Field, string>>({
    nameOnCard: '',
    cardNumber: '',
    expMonth: '',
    expYear: '',
    cvc: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  async function submit() {
    const card: CardInput = {
      nameOnCard: values.nameOnCard,
      cardNumber: values.cardNumber,
      expMonth: Number(values.expMonth),
      expYear: Number(values.expYear),
      cvc: values.cvc.trim(),
    };
    const parsed = cardInputSchema.safeParse(card);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        found[key] ??= issue.message;
      }
      setErrors(found);
      setFailure(t('errorSummary'));
      return;
    }
    setErrors({});
    setFailure(null);
    setPaying(true);
    try {
      const receipt = await onPay(card);
      await onPaid(receipt);
    } catch (error) {
      const body: unknown = isApiRequestError(error) ? error.body : null;
      const list =
        typeof body === 'object' && body !== null && Array.isArray((body as { errors?: unknown }).errors)
          ? (body as { errors: { field?: string; detail: string }[] }).errors
          : [];
      const found: Partial<Record<Field, string>> = {};
      for (const entry of list) {
        const key = (entry.field ?? '').replace(/^card\./, '') as Field;
        if (FIELDS.includes(key)) {
          found[key] ??= entry.detail;
        }
      }
      setErrors(found);
      setFailure(errorText(error));
    } finally {
      setPaying(false);
    }
  }

  const input = (field: Field, autoComplete: string, inputMode: 'numeric' | 'text' = 'numeric') => (
    <TextInput
      label={t(field)}
      value={values[field]}
      error={errors[field]}
      required
      autoComplete={autoComplete}
      inputMode={inputMode}
      onChange={(event) => {
        setValues({ ...values, [field]: event.currentTarget.value });
      }}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Fieldset legend={t('cardHeading')}>
          <Stack gap="sm">
            <Text size="sm">{t('testMode')}</Text>
            {input('nameOnCard', 'cc-name', 'text')}
            {input('cardNumber', 'cc-number')}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {input('expMonth', 'cc-exp-month')}
              {input('expYear', 'cc-exp-year')}
              {input('cvc', 'cc-csc')}
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Button type="submit" loading={paying} disabled={disabled}>
          {payLabel}
        </Button>
      </Stack>
    </form>
  );
}
