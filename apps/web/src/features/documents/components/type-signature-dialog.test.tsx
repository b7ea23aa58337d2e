import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render.tsx';
import { TypeSignatureDialog } from './type-signature-dialog.tsx';

describe('TypeSignatureDialog (spec 3 §2, §5)', () => {
  it('keeps Confirm disabled until the text is non-empty, then answers the trimmed text', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithProviders(<TypeSignatureDialog opened onClose={() => undefined} onConfirm={onConfirm} />);
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    const field = screen.getByRole('textbox', { name: 'Your full name' });
    await user.type(field, '   ');
    expect(confirm).toBeDisabled();
    await user.clear(field);
    await user.type(field, ' Jane Patient ');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith('Jane Patient');
  });

  it('is titled "Type your signature"', async () => {
    renderWithProviders(<TypeSignatureDialog opened onClose={() => undefined} onConfirm={() => undefined} />);
    expect(await screen.findByRole('dialog', { name: 'Type your signature' })).toBeInTheDocument();
  });
});
