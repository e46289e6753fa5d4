import type { ReactNode } from 'react';

/**
 * A form control with its visible label: the label element wraps both, so the control is named
 * by the text and a click on the text focuses it. Every form in the app uses it.
 */
export function Field({ label, className, children }: { label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <label className={className ? `field ${className}` : 'field'}>
      <span className="field__label">{label}</span>
      {children}
    </label>
  );
}
