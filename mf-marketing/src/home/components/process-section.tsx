import { ApproachSection } from '../../shared/approach-steps';

export function ProcessSection() {
  return (
    <ApproachSection
      eyebrow="How We Work"
      title="A Proven Four-Step Process"
      intro="No six-month discovery phases. A clear plan in weeks, measurable progress every month."
    />
  );
}
