export { type OrdersFace } from './orders-face.ts';
export { ordersModule } from './register.ts';
