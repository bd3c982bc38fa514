/*
 * shared_channels.h — kotlinx.coroutines channels over C: a Channel, its send and receive sides,
 * and the fixture functions of package `channels` (Swift export's execution tests for channels).
 *
 * A channel is a Kotlin object (one kref type serves as Channel, SendChannel and ReceiveChannel, as
 * one Kotlin object implements all three). It has Kotlin's semantics:
 *   - `send` suspends while there is no room: a rendezvous channel (capacity 0) hands each element
 *     to a receiver, a buffered one keeps up to `capacity` elements, an unlimited one never
 *     suspends, a conflated one keeps only the latest element;
 *   - receiving suspends while there is nothing to receive;
 *   - `close(cause)` ends sending at once; receivers still get every element sent before the close
 *     (including those of senders already suspended), then the end: normally without a cause, or
 *     the cause thrown at them;
 *   - `cancel()` closes it with a CancellationException and drops what it holds: suspended senders
 *     and receivers throw CancellationException.
 *
 * The rules THREADS, KREFS, STRINGS and MISUSE stated in libshared_api.h hold for every function
 * below: any function may be called from any thread (including from inside a callback), never
 * blocks, and never runs a callback on the caller's thread; a kref returned is owned by the caller
 * (DisposeStablePointer); a kref passed in is borrowed.
 */
#ifndef SHARED_CHANNELS_H
#define SHARED_CHANNELS_H

#include "shared_runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A Channel object (Channel<E>, SendChannel<E> and ReceiveChannel<E> at once). */
typedef struct { shared_KNativePtr pinned; } shared_kref_kotlinx_coroutines_channels_ReceiveChannel;
/* ReceiveChannel.iterator(): a ChannelIterator<E>. */
typedef struct { shared_KNativePtr pinned; } shared_kref_kotlinx_coroutines_channels_ChannelIterator;

/* Channel(capacity)'s special capacities (Channel.Factory). */
enum {
  shared_Channel_RENDEZVOUS = 0,
  shared_Channel_CONFLATED = -1,
  shared_Channel_BUFFERED = -2, /* 64 elements, kotlinx's default */
  shared_Channel_UNLIMITED = 2147483647
};

/* Channel<E>(capacity) with onBufferOverflow = SUSPEND: a new channel owned by the caller, in the
   current scope. A capacity below -2 is refused (invalidArgument, NULL kref), as Kotlin throws
   IllegalArgumentException. The channel holds values of any kind. Any thread. */
shared_kref_kotlinx_coroutines_channels_ReceiveChannel shared_Channel_new(int32_t capacity, shared_Status *status);

/* suspend SendChannel.send(element): completes with Unit once the element is in the channel (taken
   by a receiver, or buffered). Fails with ClosedSendChannelException (or the close cause) when the
   channel is closed for send; ends as cancelled when the channel is cancelled while the send waits,
   or when the call is cancelled (the element is then not sent). `value` is borrowed (copied).
   Returns the call handle (release it with shared_Call_release), or NULL with *status on misuse. */
shared_Call shared_SendChannel_send(shared_kref_kotlinx_coroutines_channels_ReceiveChannel channel,
                                    const shared_Value *value, shared_Continuation continuation,
                                    shared_Status *status);

/* SendChannel.trySend(element).isSuccess into *sent: true when the element went in without
   suspending; false when the channel is full or closed (nothing changes). Any thread. */
shared_Status shared_SendChannel_trySend(shared_kref_kotlinx_coroutines_channels_ReceiveChannel channel,
                                         const shared_Value *value, shared_KBoolean *sent);

/* SendChannel.close(cause) into *closed (may be NULL): true when this call closed the channel,
   false when it was already closed or cancelled (nothing changes). `cause` is borrowed; a NULL kref
   closes without a cause. Any thread. */
shared_Status shared_SendChannel_close(shared_kref_kotlinx_coroutines_channels_ReceiveChannel channel,
                                       shared_kref_kotlin_Throwable cause, shared_KBoolean *closed);

/* ReceiveChannel.cancel(): closes the channel with a CancellationException if it is open, drops
   every element it holds (buffered, and those of suspended senders), and resumes suspended senders
   and receivers with the CancellationException. Idempotent. Any thread. */
shared_Status shared_ReceiveChannel_cancel(shared_kref_kotlinx_coroutines_channels_ReceiveChannel channel);

/* ReceiveChannel.isClosedForReceive into *closed: closed (or cancelled) and nothing left to
   receive. Any thread. */
shared_Status shared_ReceiveChannel_isClosedForReceive(shared_kref_kotlinx_coroutines_channels_ReceiveChannel channel,
                                                       shared_KBoolean *closed);

/* ReceiveChannel.iterator(): a new iterator owned by the caller. Iterators of one channel share
   its elements (each element goes to one receiver). NULL kref with *status on misuse. */
shared_kref_kotlinx_coroutines_channels_ChannelIterator shared_ReceiveChannel_iterator(
  shared_kref_kotlinx_coroutines_channels_ReceiveChannel channel, shared_Status *status);

/* suspend ChannelIterator.hasNext(): receives the next element into the iterator and completes
   with true; completes with false when the channel was closed without a cause and everything was
   received; fails with the close cause (owned by the receiver) when it was closed with one; ends as
   cancelled (requestedByConsumer false) when the channel was cancelled, and as cancelled by the
   consumer when the call was. A call that already has an element received and not taken by `next`
   completes with true at once. An element handed to a receive whose call is cancelled at that very
   moment is dropped, as Kotlin's prompt cancellation drops it. One hasNext per iterator at a time
   (a second concurrent one is a misuse: invalidArgument). */
shared_Call shared_ChannelIterator_hasNext(shared_kref_kotlinx_coroutines_channels_ChannelIterator iterator,
                                           shared_Continuation continuation, shared_Status *status);

/* ChannelIterator.next(): the element the last hasNext() received, into *out (owned: release with
   shared_Value_dispose). Without one (hasNext not called, or it returned false) this is a misuse
   (invalidArgument; Kotlin throws IllegalStateException). Any thread. */
shared_Status shared_ChannelIterator_next(shared_kref_kotlinx_coroutines_channels_ChannelIterator iterator,
                                          shared_Value *out);

/* --- package `channels`: the declarations of Swift export's execution tests for channels ------- */
/* Each returns a new rendezvous Channel (owned by the caller) and launches, in
   CoroutineScope(Dispatchers.Default) attributed to the current scope, a coroutine that sends the
   elements one by one and closes the channel. The launched coroutine counts as a pending call until
   it ends (a receiver that stops early should cancel the channel so that it ends). */

/* Element1, Element2, Element3, then close(). */
shared_kref_kotlinx_coroutines_channels_ReceiveChannel shared_channels_testRegular(void);
/* Element1, null, Element2, null, Element3, then close(). */
shared_kref_kotlinx_coroutines_channels_ReceiveChannel shared_channels_testNullable(void);
/* close() at once. */
shared_kref_kotlinx_coroutines_channels_ReceiveChannel shared_channels_testEmpty(void);
/* "hello", "any", "world", then close(). */
shared_kref_kotlinx_coroutines_channels_ReceiveChannel shared_channels_testString(void);
/* 1u, 2u, 3u (UInt), then close(). */
shared_kref_kotlinx_coroutines_channels_ReceiveChannel shared_channels_testPrimitive(void);
/* Element1, Element2, then close(IllegalStateException("Channel has Failed")). */
shared_kref_kotlinx_coroutines_channels_ReceiveChannel shared_channels_testFailing(void);

#ifdef __cplusplus
}
#endif

#endif /* SHARED_CHANNELS_H */
