function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Multipart body of spec 7: nested objects flattened with dotted keys (`personal.firstName`), arrays with
 * indexed keys (`files[0]`, `items[1].name`). Files and blobs are appended as they are; null and undefined
 * are left out; other values become strings.
 */
export function toFormData(value: Record<string, unknown>, form: FormData = new FormData()): FormData {
  const append = (key: string, v: unknown): void => {
    if (v === undefined || v === null) return;
    if (v instanceof Blob) {
      if (typeof File !== 'undefined' && v instanceof File) form.append(key, v, v.name);
      else form.append(key, v);
    } else if (v instanceof Date) {
      form.append(key, v.toISOString());
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => append(`${key}[${i}]`, item));
    } else if (isPlainObject(v)) {
      Object.entries(v).forEach(([k, item]) => append(key ? `${key}.${k}` : k, item));
    } else {
      form.append(key, String(v));
    }
  };
  Object.entries(value).forEach(([k, v]) => append(k, v));
  return form;
}
