export function MenuManagement() {
  return null;
}
