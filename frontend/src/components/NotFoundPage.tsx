import { usePageMeta } from './usePageMeta';
import { ButtonLink } from './ButtonLink';

export function NotFoundPage() {
  usePageMeta({ title: 'Page Not Found', description: 'The page you are looking for does not exist.' });
  return (
    <main className="rc-not-found">
      <h1>Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/" variant="primary">
        Go to home page
      </ButtonLink>
    </main>
  );
}
