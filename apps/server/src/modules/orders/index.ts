export { type OrdersFace, type PersonOrders } from './orders-face.ts';
export { type OperatorReviewOrder } from './operator-review.routes.ts';
export { ordersModule } from './register.ts';
