export { type OrdersModule } from './orders.module.ts';
