import { describe, expect, it } from 'vitest';
import { formSchema, listItemBlank, serviceConfig, toFormValues, type Row } from './entity-configs';

describe('the service editor form', () => {
  const stored: Row = {
    id: 4,
    title: 'Email',
    slug: 'email',
    description: 'Card',
    icon: 'bot',
    visual: 'forest',
    subtitle: 'Sub',
    intro: 'Intro',
    provenResult: '2x',
    // An older row may still hold plain-text features.
    features: ['Legacy feature', { title: 'Flows', description: 'Welcome and win-back' }],
    benefits: ['Repeat revenue'],
    process: [{ phase: 'Audit', description: 'Two weeks' }],
    testimonialQuote: 'Great',
    testimonialAuthor: 'Dana',
    testimonialRole: 'Head of CRM',
    displayOrder: 2,
    published: true,
  };

  it('shows stored lists as items with their own inputs and saves them back in the contract shape', () => {
    const values = toFormValues(serviceConfig, stored);
    expect(values.features).toEqual([
      { title: 'Legacy feature', description: '' },
      { title: 'Flows', description: 'Welcome and win-back' },
    ]);
    expect(values.benefits).toEqual([{ value: 'Repeat revenue' }]);
    const parsed = formSchema(serviceConfig).parse(values);
    expect(parsed).toMatchObject({
      visual: 'forest',
      features: [
        { title: 'Legacy feature', description: '' },
        { title: 'Flows', description: 'Welcome and win-back' },
      ],
      benefits: ['Repeat revenue'],
      process: [{ phase: 'Audit', description: 'Two weeks' }],
    });
  });

  it('refuses a blank item with a message at that item', () => {
    const values = { ...toFormValues(serviceConfig, stored), benefits: [{ value: ' ' }] };
    const result = formSchema(serviceConfig).safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['benefits', 0], message: 'Benefit is required' });
  });

  it('adds blank items of the right shape', () => {
    const features = serviceConfig.fields.find((f) => f.name === 'features')!;
    expect(listItemBlank(features)).toEqual({ title: '', description: '' });
  });
});
