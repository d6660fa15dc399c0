import type { ReactNode } from 'react';

/** The centred card every sign-in step sits in: full width on phones, 420 px on larger screens. */
export function AuthCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-[420px] flex-col justify-center gap-6 px-4 py-10">
      <div>
        <h1 className="text-2xl font-semibold text-fg">{title}</h1>
        {description ? <p className="mt-2 text-sm text-muted">{description}</p> : null}
      </div>
      {children}
    </div>
  );
}

/** The step's error line, announced to screen readers. */
export function FormError({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="text-sm whitespace-pre-line text-danger">
      {message}
    </p>
  ) : null;
}
