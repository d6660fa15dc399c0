export { createOrdersModule } from './orders.module.ts';
