import { useLiveProspectLists } from '../../../stores/useLiveProspectLists';
import { ProspectUploader } from './ProspectUploader';
import { ProspectListItems } from './ProspectListItems';
import './prospects.css';

/** /account Prospects: choose and upload a CSV or Excel file, and the lists uploaded so far (live). */
export function ProspectsSection() {
  useLiveProspectLists();
  return (
    <div className="rc-prospects">
      <ProspectUploader />
      <ProspectListItems />
    </div>
  );
}
