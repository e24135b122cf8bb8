import { HeroSection } from './components/hero-section';
import { ServicesSection } from './components/services-section';
import { ProcessSection } from './components/process-section';
import { CaseStudiesSection } from './components/case-studies-section';
import { TestimonialsSection } from './components/testimonials-section';
import { AntidoteSection } from './components/antidote-section';
import { ContactSection } from './components/contact-section';

/** Home: the spec's seven sections, in order. */
export function HomePage() {
  return (
    <>
      <HeroSection />
      <ServicesSection />
      <ProcessSection />
      <CaseStudiesSection />
      <TestimonialsSection />
      <AntidoteSection />
      <ContactSection />
    </>
  );
}
