/** An address as a label or a form prints it, a line each: name, company, street lines, "City, ST ZIP", country. */
export function addressLines(a: {
  name: string;
  companyName?: string | null;
  line1: string;
  line2?: string | null;
  city: string;
  state?: string | null;
  zipCode: string;
  country: string;
}): string[] {
  return [
    a.name,
    a.companyName ?? '',
    a.line1,
    a.line2 ?? '',
    `${a.city}${a.state ? `, ${a.state}` : ''} ${a.zipCode}`,
    a.country,
  ].filter(Boolean);
}
