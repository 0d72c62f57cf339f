export function TimeHistory() {
  return null;
}
