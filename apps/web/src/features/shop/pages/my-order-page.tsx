import { MyOrderPage } from './my-orders-page';

export default MyOrderPage;
