// Every icon module of @ant-design/icons renders through this one (see decorativeIcons in vite.config.ts).
import AntdIconLight from '@ant-design/icons/es/components/AntdIconLight';
import { decorative } from './decorative';

export default decorative(AntdIconLight);
