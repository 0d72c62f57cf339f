export function ServiceManagement() {
  return null;
}
