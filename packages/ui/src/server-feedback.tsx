import { useState } from 'react';
import type { FormOutcome } from '@agency/contracts/form-posts';

/**
 * What the server said about a form posted without JavaScript (its `FormOutcome`, from
 * `useFormOutcome`), kept on screen until the visitor sends the form again: the form-wide alert, a
 * message beside each field (the browser's own validation first, once it runs) and the typed values
 * as the fields' defaults. The contact form and the gated-download lead form both use it.
 */
export function useServerFeedback<Name extends string>(outcome: FormOutcome | null | undefined) {
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(outcome?.errors ?? {});
  const [serverMessage, setServerMessage] = useState(outcome?.message);
  const [kept, setKept] = useState<Record<string, string>>(outcome?.values ?? {});
  return {
    /** The values the server sent back, by field name. */
    kept,
    /** The server's form-wide message (a rate limit, a refused origin), until the form is sent again. */
    message: serverMessage,
    /** The fields' messages and control props, given the browser's own validation errors (react-hook-form's). */
    fieldsWith(clientErrors: { [K in Name]?: { message?: string } }) {
      const messageOf = (name: Name): string | undefined => clientErrors[name]?.message ?? serverErrors[name];
      return {
        messageOf,
        /** A field control's id, error state and description, and the value the server sent back. */
        fieldProps: (formId: string, name: Name) => ({
          id: `${formId}-${name}`,
          invalid: Boolean(messageOf(name)),
          'aria-describedby': messageOf(name) ? `${formId}-${name}-error` : undefined,
          defaultValue: kept[name],
        }),
      };
    },
    /** The form is sent again: the server's messages go, the browser's validation decides now. */
    clear: () => {
      setServerErrors({});
      setServerMessage(undefined);
    },
    /** The form starts over ("Send Another Message"): the kept values go too. */
    forget: () => setKept({}),
    /** The server's form-wide message (a rate limit, a refused origin), as an alert above the fields. */
    alert: serverMessage ? (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-700">
        {serverMessage}
      </p>
    ) : null,
  };
}
