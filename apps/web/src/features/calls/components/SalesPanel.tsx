import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoneyCard, type Sales } from '@shiftline/shared';
import { useEffect, useState } from 'react';
import { useProducts, useSales, useSalesActions } from '../hooks/useSales';
import { parseQuantity, type SaleDraft, saleLines, saleTotalCents } from '../utils/saleTotal';

const draftOf = (sales: Sales): SaleDraft =>
  Object.fromEntries(sales.sales.map((line) => [line.product_id, line.quantity]));

/** The call's sale: a quantity per product, the total in dollars, Post sale and Clear (spec §7 Sales). */
export function SalesPanel({ callId }: { callId: number }) {
  const products = useProducts(callId);
  const sales = useSales(callId);
  const { post, clear } = useSalesActions(callId);
  const [draft, setDraft] = useState<SaleDraft | null>(null);

  // The quantities start from what was posted for the call (a reload keeps the sale on screen).
  useEffect(() => {
    if (draft === null && sales.data) setDraft(draftOf(sales.data));
  }, [draft, sales.data]);

  if (products.data === undefined || sales.data === undefined || draft === null) {
    if (products.isError || sales.isError) {
      return <Alert severity="error">The products could not be loaded.</Alert>;
    }
    return <Skeleton variant="rounded" height={120} />;
  }
  const list = products.data.products;
  if (list.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No products to sell on this call.
      </Typography>
    );
  }
  const lines = saleLines(list, draft);
  const busy = post.isPending || clear.isPending;
  const error = post.error ?? clear.error;
  const posted = sales.data;
  return (
    <Box data-testid="sales" sx={{ display: 'grid', gap: 1.5 }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Product</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell align="right" sx={{ width: 96 }}>
              Quantity
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.map((product) => (
            <TableRow key={product.id} data-testid="sale-product" data-id={product.id}>
              <TableCell>{product.name}</TableCell>
              <TableCell align="right">{formatMoneyCard(product.price_cents)}</TableCell>
              <TableCell align="right">
                <TextField
                  type="number"
                  size="small"
                  value={draft[product.id] ? String(draft[product.id]) : ''}
                  placeholder="0"
                  onChange={(event) => setDraft({ ...draft, [product.id]: parseQuantity(event.target.value) })}
                  slotProps={{
                    htmlInput: {
                      min: 0,
                      max: 1000,
                      step: 1,
                      inputMode: 'numeric',
                      'aria-label': `Quantity of ${product.name}`,
                      'data-testid': `sale-quantity-${product.id}`,
                    },
                  }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>
          Total <span data-testid="sale-total">{formatMoneyCard(saleTotalCents(list, draft))}</span>
        </Typography>
        <Button
          onClick={() => clear.mutate(undefined, { onSuccess: () => setDraft({}) })}
          disabled={busy || (lines.length === 0 && posted.sales.length === 0)}
          loading={clear.isPending}
          loadingPosition="start"
          data-testid="sale-clear"
        >
          {clear.isPending ? 'Clearing…' : 'Clear'}
        </Button>
        <Button
          variant="contained"
          onClick={() => post.mutate({ sales: lines }, { onSuccess: (answer) => setDraft(draftOf(answer)) })}
          disabled={busy || lines.length === 0}
          // The label stays while the sale is posted (centred, MUI hides it behind the spinner: a blank button).
          loading={post.isPending}
          loadingPosition="start"
          data-testid="sale-post"
        >
          {post.isPending ? 'Posting sale…' : 'Post sale'}
        </Button>
      </Box>
      {posted.sale_posted && posted.sales.length > 0 ? (
        <Alert severity="success" data-testid="sale-posted">
          Sale posted: {posted.sales.map((line) => `${line.quantity} × ${line.name}`).join(', ')} ·{' '}
          {formatMoneyCard(posted.total_cents)}
        </Alert>
      ) : null}
      {error ? <Alert severity="error">{error.message}</Alert> : null}
    </Box>
  );
}
