/** Joins the truthy class names: `cn('px-4', active && 'font-bold', className)`. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
