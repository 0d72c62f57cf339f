export function StudentNewAccount() {
  return null;
}
