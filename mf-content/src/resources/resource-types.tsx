import type { LucideIcon } from 'lucide-react';
import { BookOpen, Compass, FileText, LayoutTemplate, ListChecks } from 'lucide-react';
import { RESOURCE_TYPES, type ResourceType } from '@agency/contracts/browser';

interface TypeInfo {
  label: string;
  icon: LucideIcon;
  blurb: string;
}

/** Spec section 2: type labels; the icons and blurbs are ours. */
export const RESOURCE_TYPE_INFO: Record<ResourceType, TypeInfo> = {
  ebook: { label: 'E-Book', icon: BookOpen, blurb: 'In-depth playbooks to read at your own pace.' },
  whitepaper: { label: 'Whitepaper', icon: FileText, blurb: 'Research and benchmarks from real campaigns.' },
  guide: { label: 'Guide', icon: Compass, blurb: 'Step-by-step walkthroughs of proven methods.' },
  checklist: { label: 'Checklist', icon: ListChecks, blurb: 'Quick audits you can run in an afternoon.' },
  template: {
    label: 'Template',
    icon: LayoutTemplate,
    blurb: 'Ready-to-use sheets for planning and reporting.',
  },
};

/** An unknown type is treated as a guide. */
export function resourceType(type: string): ResourceType {
  return (RESOURCE_TYPES as readonly string[]).includes(type) ? (type as ResourceType) : 'guide';
}
