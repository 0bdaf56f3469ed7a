/** Date and time in the clinic's zone, e.g. '02.03.2026, 11:00'. */
export function dateTime(ms: number): string {
  return new Date(ms).toLocaleString('ro-RO', {
    timeZone: 'Europe/Bucharest',
    dateStyle: 'short',
    timeStyle: 'short',
  });
}
