import type { ReactElement } from 'react';
import { cloneElement } from 'react';
import { cn } from '@web/lib/utils';
import { Label } from './label';

interface FormFieldProps {
  id: string;
  label: string;
  /** The translated problem with this field, shown in an alert region the input points to. */
  error?: string;
  /** Another element that explains the problem (e.g. a form-level alert), used when `error` is not set. */
  invalidDescribedBy?: string;
  invalid?: boolean;
  hint?: string;
  className?: string;
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
}

/** Label, control, hint and error wired together so screen readers hear the problem with the field. */
export function FormField({ id, label, error, invalidDescribedBy, invalid, hint, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const isInvalid = Boolean(error) || Boolean(invalid);
  const describedBy = [hintId, errorId ?? (isInvalid ? invalidDescribedBy : undefined)].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, { id, 'aria-invalid': isInvalid || undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A problem that concerns the whole form (empty fields, a refused sign-in). */
export function FormAlert({ id, message }: { id: string; message?: string }) {
  // The region stays in the DOM so the message is announced when it appears.
  return (
    <div id={id} role="alert" className={cn(message && 'rounded-md border border-danger/30 bg-danger-soft px-3.5 py-2.5 text-sm font-medium text-danger')}>
      {message}
    </div>
  );
}
