import { StaffDetailPage } from './person-page';

export default StaffDetailPage;
