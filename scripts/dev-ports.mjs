/** The dev servers' ports: from PORT when it is set, else the defaults the docs name. */
export function devPorts(portVar) {
  if (portVar === undefined || portVar === '')
    return { shell: 5173, api: 3000, remotes: [5101, 5102, 5103, 5104] };
  const base = Number(portVar);
  if (!Number.isInteger(base) || base < 1 || base > 65535 - 5)
    throw new Error(
      `PORT must be a whole number from 1 to 65530 (it and the five after it are used), not "${portVar}"`,
    );
  return { shell: base, api: base + 1, remotes: [base + 2, base + 3, base + 4, base + 5] };
}
