import { parseDate } from '../../lib/dates';

/** Spec §3: whole years elapsed, minus one if this year's birthday has not come yet. */
export function ageOn(birth: string, today: Date): number {
  const b = parseDate(birth);
  let age = today.getFullYear() - b.getFullYear();
  const birthdayPassed =
    today.getMonth() > b.getMonth() || (today.getMonth() === b.getMonth() && today.getDate() >= b.getDate());
  if (!birthdayPassed) age -= 1;
  return Math.max(age, 0);
}
