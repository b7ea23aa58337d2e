import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';

describe('LoginForm (spec 1 §2, §5)', () => {
  it('keeps Log in disabled while pristine or invalid, then submits', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<LoginForm submitting={false} error={null} onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Log in' });
    expect(button).toBeDisabled();

    await userEvent.type(screen.getByLabelText('Username'), 'jane.patient');
    expect(button).toBeDisabled();

    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    // The contract schema arrives on first interaction (decision 0006).
    await waitFor(() => {
      expect(button).toBeEnabled();
    });

    await userEvent.click(button);
    expect(onSubmit).toHaveBeenCalledWith({ username: 'jane.patient', password: 'secret' });
  });

  it('disables Log in again when a field is emptied and says the field is required', async () => {
    renderWithProviders(<LoginForm submitting={false} error={null} onSubmit={vi.fn()} />);
    const username = screen.getByLabelText('Username');
    await userEvent.type(username, 'x');
    await userEvent.type(screen.getByLabelText('Password'), 'y');
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    });
    await userEvent.clear(username);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
  });

  it('labels the fields exactly and offers a keyboard-operable show-password toggle', async () => {
    renderWithProviders(<LoginForm submitting={false} error={null} onSubmit={vi.fn()} />);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    await userEvent.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it("shows the server's error text in an alert", () => {
    renderWithProviders(
      <LoginForm submitting={false} error="Invalid username and password combination" onSubmit={vi.fn()} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid username and password combination');
  });
});
