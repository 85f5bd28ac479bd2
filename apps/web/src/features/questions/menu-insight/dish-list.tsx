import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { AspectRating, DishResponse, Product } from '@venue-voice/domain';
import { isScrolledToEnd } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { LoadingStatus } from '../../../ui/loading-status';
import { DishRow } from './dish-row';
import type { Dish } from './dish-state';

/** How close to the end of the list (px) counts as the end, so a fling that stops short still loads. */
const END_MARGIN_PX = 48;

export interface DishListProps {
  pages: UseInfiniteQueryResult<InfiniteData<Product[]>>;
  responses: Readonly<Record<string, DishResponse>>;
  onRate(dish: Dish, rating: AspectRating): void;
  onDetails?: (dish: Dish) => void;
  disabled?: boolean;
  label: string;
}

/**
 * Products of a menu query as dish rows, 25 a page; scrolling the list to its end loads the next page
 * (G9.1). Keyboard users scroll it by moving the focus down the rows.
 */
export function DishList({ pages, responses, onRate, onDetails, disabled, label }: DishListProps) {
  const { t } = useTranslation();
  const products = pages.data?.pages.flat() ?? [];
  if (pages.isPending) return <LoadingStatus label={t('app.loading')} />;
  if (pages.isError) return <p role="alert">{t('api.responseError')}</p>;
  if (products.length === 0) {
    return (
      <p className="menu__empty" role="status">
        {t('menu.noResults')}
      </p>
    );
  }
  return (
    <ul
      className="menu__list"
      aria-label={label}
      onScroll={(event) => {
        const { scrollTop, clientHeight, scrollHeight } = event.currentTarget;
        if (
          pages.hasNextPage &&
          !pages.isFetchingNextPage &&
          isScrolledToEnd({ scrollTop, clientHeight, scrollHeight }, END_MARGIN_PX)
        ) {
          void pages.fetchNextPage();
        }
      }}
    >
      {products.map((product) => {
        const dish = { ref: product.ref, name: product.name };
        return (
          <DishRow
            key={product.ref}
            dish={dish}
            response={responses[product.ref]}
            disabled={disabled}
            onRate={(rating) => onRate(dish, rating)}
            onDetails={onDetails ? () => onDetails(dish) : undefined}
          />
        );
      })}
      {pages.isFetchingNextPage && (
        <li>
          <LoadingStatus label={t('app.loading')} />
        </li>
      )}
    </ul>
  );
}
