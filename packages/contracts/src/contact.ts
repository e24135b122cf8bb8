import { z } from 'zod';
import { emailAddress, singleLine } from './common';

export const BUDGET_OPTIONS = [
  { value: '10k-25k', label: '$10k - $25k' },
  { value: '25k-50k', label: '$25k - $50k' },
  { value: '50k-100k', label: '$50k - $100k' },
  { value: '100k+', label: '$100k+' },
] as const;
export type BudgetValue = (typeof BUDGET_OPTIONS)[number]['value'];
const budgetValues = BUDGET_OPTIONS.map((o) => o.value) as [BudgetValue, ...BudgetValue[]];

export const ContactMessages = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Valid business email is required',
  company: 'Company name is required',
  budget: 'Please select a budget range',
  goals: 'Please provide more details about your goals',
} as const;

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).pipe(singleLine(max));

export const contactRequestSchema = z
  .object({
    firstName: required(ContactMessages.firstName, 100),
    lastName: required(ContactMessages.lastName, 100),
    email: emailAddress(ContactMessages.email),
    company: required(ContactMessages.company, 200),
    budget: z.enum(budgetValues, { error: ContactMessages.budget }),
    goals: z
      .string({ error: ContactMessages.goals })
      .trim()
      .min(10, ContactMessages.goals)
      .max(5000, 'Please keep your goals under 5000 characters'),
    /** Honeypot: real visitors never see or fill it. */
    website: z.string().max(200).optional(),
  })
  .strict();
export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;

export const NewsletterMessages = { email: 'Please enter a valid email address' } as const;

export const newsletterSchema = z
  .object({
    email: emailAddress(NewsletterMessages.email),
    website: z.string().max(200).optional(),
  })
  .strict();
export type NewsletterInput = z.input<typeof newsletterSchema>;

export const contactCreatedSchema = z.object({ id: z.number(), createdAt: z.string() });
export const newsletterCreatedSchema = z.object({ email: z.string(), createdAt: z.string() });
