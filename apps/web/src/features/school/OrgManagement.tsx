export function OrgManagement() {
  return null;
}
