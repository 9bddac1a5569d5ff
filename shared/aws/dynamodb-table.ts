import { ResourceNotFoundException } from '@aws-sdk/client-dynamodb';

/** Runs one DynamoDB call; a missing table gets an error that says which table and what it is for. */
export async function onTable<T>(table: string, purpose: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof ResourceNotFoundException) {
      throw new Error(
        `DynamoDB table "${table}" for ${purpose} does not exist (or is not in this region/account)`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
}
