/* Routes of the ai area. */
import router from '@adonisjs/core/services/router'

void router
