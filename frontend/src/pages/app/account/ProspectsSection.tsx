import { useLiveResource } from '../../../realtime/useLiveResource';
import { useProspectListsStore } from '../../../stores/prospectListsStore';
import { ProspectUploader } from './ProspectUploader';
import { ProspectListItems } from './ProspectListItems';
import './prospects.css';

/** /account Prospects: choose and upload a CSV or Excel file, and the lists uploaded so far (live). */
export function ProspectsSection() {
  useLiveResource(useProspectListsStore((s) => s.fetchLists));
  return (
    <div className="rc-prospects">
      <ProspectUploader />
      <ProspectListItems />
    </div>
  );
}
