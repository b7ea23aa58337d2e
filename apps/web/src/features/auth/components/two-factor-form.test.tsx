import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render.tsx';
import { sanitizeCode, TwoFactorForm } from './two-factor-form.tsx';

function setup(props: Partial<Parameters<typeof TwoFactorForm>[0]> = {}) {
  const handlers = { onSubmit: vi.fn(), onResend: vi.fn(), onCancel: vi.fn() };
  renderWithProviders(
    <TwoFactorForm
      submitting={false}
      resending={false}
      error={null}
      success={null}
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

describe('TwoFactorForm (spec 1 §2, §5)', () => {
  it('asks for the authenticator app code with nothing to resend (decision 0012)', () => {
    setup({ codeSource: 'app' });
    expect(screen.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' })).toBeInTheDocument();
    expect(screen.getByText('Please enter the code from your authenticator app')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a New Code' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('shows the title, the text and the labelled code field', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' })).toBeInTheDocument();
    expect(screen.getByText('Please enter the code sent via text message and/or email')).toBeInTheDocument();
    const field = screen.getByLabelText('VERIFICATION CODE:');
    expect(field).toHaveAttribute('placeholder', 'Enter code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('maxlength', '6');
  });

  it('keeps NEXT disabled until exactly 6 digits, then submits the code', async () => {
    const { onSubmit } = setup();
    const next = screen.getByRole('button', { name: 'NEXT' });
    expect(next).toBeDisabled();
    const field = screen.getByLabelText('VERIFICATION CODE:');
    await userEvent.type(field, '12345');
    expect(next).toBeDisabled();
    await userEvent.type(field, '6');
    expect(next).toBeEnabled();
    await userEvent.click(next);
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it('accepts digits only', async () => {
    setup();
    const field = screen.getByLabelText('VERIFICATION CODE:');
    await userEvent.type(field, '12ab3-4 5');
    expect(field).toHaveValue('12345');
    expect(screen.getByRole('button', { name: 'NEXT' })).toBeDisabled();
    expect(sanitizeCode('1234567')).toBe('123456');
  });

  it('shows the error in the red alert area and the success text in the green status area', () => {
    setup({ error: 'The verification code is incorrect or has expired.', success: 'Code has been sent' });
    expect(screen.getByRole('alert')).toHaveTextContent('The verification code is incorrect or has expired.');
    expect(screen.getByRole('status')).toHaveTextContent('Code has been sent');
  });

  it('has no alert while there is no error, and an empty status area ready for announcements', () => {
    setup();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('emits send-new-code and cancel', async () => {
    const { onResend, onCancel } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Send a New Code' }));
    expect(onResend).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
