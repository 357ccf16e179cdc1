import { Spinner } from './Spinner';

/** In-page spinner while a page's code chunk loads (the header stays in place). */
export function PageLoading() {
  return (
    <div className="rc-page-loading" aria-busy="true">
      <Spinner />
    </div>
  );
}
