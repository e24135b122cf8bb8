import type { ReactNode } from 'react';
import { Card } from '@agency/ui';

/** A full-screen card before the CMS (sign-in, choosing a password): icon, heading, lines, the form. */
export function AuthScreen({
  icon,
  title,
  intro,
  children,
}: {
  icon: ReactNode;
  title: string;
  /** The lines under the heading. */
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-16">
      <Card className="w-full max-w-sm p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            {icon}
          </span>
          <h1 className="text-2xl font-bold text-ink-900">{title}</h1>
          {intro}
        </div>
        {children}
      </Card>
    </main>
  );
}

/** Why the form was refused, under its fields. */
export function AuthProblem({ problem }: { problem: string | null }) {
  return problem ? (
    <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {problem}
    </p>
  ) : null;
}
