/** Spec §2: morning before 12:00, afternoon before 18:00, evening after. */
export function greetingKey(date: Date): 'greeting.morning' | 'greeting.afternoon' | 'greeting.evening' {
  const hour = date.getHours();
  if (hour < 12) return 'greeting.morning';
  if (hour < 18) return 'greeting.afternoon';
  return 'greeting.evening';
}
