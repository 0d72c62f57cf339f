export function CollegeList() {
  return null;
}
