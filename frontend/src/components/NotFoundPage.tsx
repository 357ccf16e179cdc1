import { usePageMeta } from './usePageMeta';
import { ButtonLink } from './ButtonLink';

export function NotFoundPage() {
  usePageMeta({ title: 'Page Not Found', description: 'The page you are looking for does not exist.' });
  return (
    // Inside a layout's <main>: the layout gives the header and the way back.
    <section className="rc-not-found" aria-labelledby="rc-not-found-title">
      <h1 id="rc-not-found-title">Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/" variant="primary">
        Go to home page
      </ButtonLink>
    </section>
  );
}
