import { useQuery } from '@tanstack/react-query';
import { servicesQueryOptions } from '@agency/ui';

/** The published services: the shared query the shell's footer reads too. */
export { servicesQueryOptions };

export const useServices = () => useQuery(servicesQueryOptions);
