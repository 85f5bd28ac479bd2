export { DishesScreen } from './dishes-screen';
