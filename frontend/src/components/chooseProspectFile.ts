import type { ChangeEvent } from 'react';
import { checkProspectFile } from '@ringcast/shared-types';
import { toast } from './toast/toastStore';

/**
 * The file a prospect-list chooser picked, once it passes the spec's type and size checks (a
 * refused file raises the spec's toast and gives null). The input is cleared so that choosing
 * the same file again is noticed.
 */
export function chooseProspectFile(event: ChangeEvent<HTMLInputElement>): File | null {
  const chosen = event.target.files?.[0];
  event.target.value = '';
  if (!chosen) return null;
  const check = checkProspectFile(chosen);
  if (!check.ok) {
    toast({ title: check.title, description: check.description, variant: 'destructive' });
    return null;
  }
  return chosen;
}
