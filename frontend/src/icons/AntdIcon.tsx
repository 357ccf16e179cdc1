// The two-tone icons of @ant-design/icons render through this one (see decorativeIcons in vite.config.ts).
import AntdIcon from '@ant-design/icons/es/components/AntdIcon';
import { decorative } from './decorative';

export default decorative(AntdIcon);
