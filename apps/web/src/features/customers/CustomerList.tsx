export function CustomerList() {
  return null;
}
