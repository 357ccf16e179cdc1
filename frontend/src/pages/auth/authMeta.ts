import type { PageMeta } from '../../components/usePageMeta';
import { HOME_META } from '../public/content/pageMeta';

export const SIGN_IN_META: PageMeta = {
  title: 'Sign In | Ringcast',
  description:
    'Sign in to your Ringcast account to manage, pay for and monitor your AI voice call campaigns.',
};

export const SIGN_UP_META: PageMeta = {
  title: 'Sign Up | Ringcast',
  description:
    'Create your Ringcast account with just an email and password. No credit card required until your first campaign launches.',
};

/** Spec §2: leaving /login puts the home page's title and description back. */
export function restoreHomeMeta(): void {
  document.title = HOME_META.title;
  document.head
    .querySelector<HTMLMetaElement>('meta[name="description"]')
    ?.setAttribute('content', HOME_META.description);
}
