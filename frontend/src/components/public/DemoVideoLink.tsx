import { useEffect, useState } from 'react';
import { fetchAppConfig } from '../../api/appConfig';

/** The demo video's address from the deployment's config: null while unknown, or when none is set. */
function useDemoVideoUrl(): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchAppConfig().then(
      (config) => live && setUrl(config.demoVideoUrl),
      (err: unknown) => console.error('Could not read the app config', err),
    );
    return () => {
      live = false;
    };
  }, []);
  return url;
}

/** A link to the product demo video (DEMO_VIDEO_URL), in a new tab; nothing when none is configured. */
export function DemoVideoLink({ label }: { label: string }) {
  const url = useDemoVideoUrl();
  if (!url) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener"
      onClick={(event) => event.stopPropagation()}
      style={{ display: 'inline-block', marginTop: 12, fontWeight: 600 }}
    >
      {label}
    </a>
  );
}
