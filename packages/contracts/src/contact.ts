import { z } from 'zod';

export {
  BUDGET_OPTIONS,
  budgetLabel,
  ContactMessages,
  NewsletterMessages,
  contactRequestSchema,
  newsletterSchema,
  type BudgetValue,
  type ContactRequest,
  type ContactRequestInput,
  type NewsletterInput,
} from './forms';

export const contactCreatedSchema = z.object({ id: z.number(), createdAt: z.string() });
export const newsletterCreatedSchema = z.object({ email: z.string(), createdAt: z.string() });
