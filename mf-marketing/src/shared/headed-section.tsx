import type { ReactNode } from 'react';
import { Container, SectionHeading, cn } from '@agency/ui';

/** A page section named by its heading (`aria-labelledby`), which opens it with an eyebrow and an intro. */
export function HeadedSection({
  id,
  eyebrow,
  title,
  intro,
  className,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  eyebrow: string;
  title: string;
  intro: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={cn('py-16 sm:py-24', className)} aria-labelledby={id}>
      <Container>
        <SectionHeading eyebrow={eyebrow} title={<span id={id}>{title}</span>} intro={intro} />
        {children}
      </Container>
    </section>
  );
}
