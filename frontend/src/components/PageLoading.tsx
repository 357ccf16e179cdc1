import { Spin } from 'antd';

/** In-page spinner while a page's code chunk loads (the header stays in place). */
export function PageLoading() {
  return (
    <div className="rc-page-loading" aria-busy="true">
      <Spin />
    </div>
  );
}
