import { z } from 'zod';
import { emailAddress } from './common';
import { StaffMessages } from './staff';

/**
 * A personal account's own password (issue 41, defect 10): choosing it with a link, changing it when
 * signed in, and asking for a link by e-mail when it is forgotten.
 */
export const AccountRoutes = {
  /** POST {currentPassword, newPassword}: any signed-in personal account changes its own password. */
  password: '/api/admin/account/password',
  /** POST {email}, no session: a set-password link by e-mail (through the outbox) if the account exists. */
  forgotPassword: '/api/admin/forgot-password',
} as const;

/** How long a link asked for with "Forgot password" works (an admin's link: 7 days). */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** The same, as the answer and the e-mail say it ('1 hour'). */
export const PASSWORD_RESET_TTL_TEXT = ((hours) => `${hours} hour${hours === 1 ? '' : 's'}`)(
  PASSWORD_RESET_TTL_MS / 3_600_000,
);

export const AccountMessages = {
  /** The sign-in screen after a set-password link was used. */
  passwordSet: 'Your password is set. Sign in with it below.',
  /** The same answer whether or not an account uses the address: nobody learns who has one. */
  resetSent: `If an account uses this address, an e-mail with a link to choose a new password is on its way. The link works for ${PASSWORD_RESET_TTL_TEXT}.`,
  passwordChanged: 'Your password is changed. Other browsers signed in to your account were signed out.',
  /** The owner's shared password is changed in Settings, not here. */
  ownerUsesSettings: 'The shared owner password is changed in Settings',
  currentWrong: 'The current password is not correct',
} as const;

/** POST /api/admin/set-password answers the address the account signs in with (to fill it in). */
export const passwordSetAnswerSchema = z.object({ email: z.string() });
export type PasswordSetAnswer = z.infer<typeof passwordSetAnswerSchema>;

/** POST /api/admin/forgot-password. */
export const forgotPasswordSchema = z.object({ email: emailAddress(StaffMessages.email) }).strict();
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** What POST /api/admin/forgot-password answers (202), whatever the address. */
export const forgotPasswordAnswerSchema = z.object({ message: z.string() });
